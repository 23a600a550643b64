import { toastError } from '@client/lib/toast';
import { Chip, Group, Input } from '@mantine/core';

export interface OptionChipsProps {
  label: string;
  options: readonly string[];
  value: string[];
  onChange: (next: string[]) => void;
  min: number;
  /** Toast when a deselection would go below the minimum ('{n}' is replaced by the minimum). */
  keepMinMessage: string;
  error?: string;
}

/**
 * A multiple choice of chips with a minimum (spec §5): once the minimum is reached, deselecting below it
 * is refused with a toast; while a member is still picking (below the minimum) chips can be toggled freely.
 */
export function OptionChips({
  label,
  options,
  value,
  onChange,
  min,
  keepMinMessage,
  error,
}: OptionChipsProps) {
  const change = (next: string[]) => {
    if (next.length < value.length && next.length < min && value.length >= min) {
      toastError(keepMinMessage.replace('{n}', String(min)));
      return;
    }
    onChange(next);
  };
  return (
    <Input.Wrapper label={label} error={error} labelElement="div">
      <Chip.Group multiple value={value} onChange={change}>
        <Group gap={8} mt={6}>
          {options.map((o) => (
            <Chip key={o} value={o} variant="outline">
              {o}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}
