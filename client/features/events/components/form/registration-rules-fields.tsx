import { WAITLIST_OFFER_HOURS_MAX } from '@common/limits';

import { WAITLIST_MODE_LABELS, WAITLIST_MODES, type WaitlistMode } from '@common/options';
import { Fieldset, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import '@client/lib/dayjs'; // the pickers' Swedish locale
import { DateTimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import type { EventFormValues } from '../../lib/event-form-values';

const MODES = WAITLIST_MODES.map((m) => ({ value: m, label: WAITLIST_MODE_LABELS[m] }));

/**
 * The registration life cycle of an event (issue 14): when registration opens, how a freed place goes to
 * the waitlist, and the cancellation deadline with its late fee. Validated by the shared event schema.
 */
export function RegistrationRulesFields({
  form,
  startTime,
}: {
  form: UseFormReturnType<EventFormValues>;
  startTime: string | null;
}) {
  const mode = form.getValues().waitlistMode;
  const beforeStart = startTime ? startTime.slice(0, 10) : undefined;
  return (
    <Fieldset legend="Anmälan, reservlista och avbokning" variant="filled">
      <Stack gap="sm">
        <DateTimePicker
          label="Anmälan öppnar"
          description="Tomt: anmälan är öppen direkt."
          valueFormat="D MMM YYYY HH:mm"
          clearable
          maxDate={beforeStart}
          {...form.getInputProps('registrationOpensAt')}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="waitlist-mode-label">
            Reservlistan
          </Text>
          <SegmentedControl
            aria-labelledby="waitlist-mode-label"
            data={MODES}
            fullWidth
            orientation="vertical"
            value={mode}
            onChange={(v) => form.setFieldValue('waitlistMode', v as WaitlistMode)}
          />
        </div>
        {mode === 'offer' ? (
          <NumberInput
            label="Svarstid (timmar)"
            description="Så länge får den som står först i kön på sig att tacka ja."
            min={1}
            max={WAITLIST_OFFER_HOURS_MAX}
            allowDecimal={false}
            {...form.getInputProps('waitlistOfferHours')}
          />
        ) : null}
        <DateTimePicker
          label="Sista dag för avbokning"
          description="Den som avbokar senare betalar avgiften nedan, om ingen från reservlistan tar platsen."
          valueFormat="D MMM YYYY HH:mm"
          defaultTimeValue="23:59"
          clearable
          maxDate={beforeStart}
          {...form.getInputProps('cancellationDeadline')}
        />
        <NumberInput
          label="Avgift vid sen avbokning (kr)"
          min={0}
          allowDecimal={false}
          {...form.getInputProps('lateCancellationFee')}
        />
      </Stack>
    </Fieldset>
  );
}
