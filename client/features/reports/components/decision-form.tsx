import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { COMMUNITY_RULES } from '@common/community-rules';
import { DECISION_STATEMENT_MAX } from '@common/limits';
import { REPORT_ACTION_LABELS, REPORT_ACTIONS, type ReportAction } from '@common/options';
import { decisionRule } from '@common/rules/moderation';
import { type AdminReport, decisionInputSchema } from '@common/schemas/reports';
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useDecideReport } from '../api/reports-api';

const actionOptions = REPORT_ACTIONS.map((a) => ({ value: a, label: REPORT_ACTION_LABELS[a] }));
const ruleOptions = COMMUNITY_RULES.map((r) => ({ value: String(r.id), label: `${r.id}. ${r.title}` }));

/**
 * The moderator's decision on an open report: the action, the rule it rests on (preset from the
 * reason) and the statement of reasons the member gets by e-mail (checked with the server's schema).
 */
export function DecisionForm({ report }: { report: AdminReport }) {
  const decide = useDecideReport();
  const [action, setAction] = useState<ReportAction | null>(null);
  const [ruleId, setRuleId] = useState<string | null>(() => {
    const rule = decisionRule(report.reason);
    return rule ? String(rule.id) : null;
  });
  const [statement, setStatement] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const parsed = decisionInputSchema.safeParse({
      action,
      statement,
      ...(ruleId ? { ruleId: Number(ruleId) } : {}),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    decide.mutate(
      { id: report.id, input: parsed.data },
      {
        onSuccess: () =>
          toastSuccess(
            'Beslutet är sparat',
            parsed.data.action === 'dismiss'
              ? 'Anmälaren får besked via e-post.'
              : 'Medlemmen och anmälaren får besked via e-post.',
          ),
        onError: (err) => toastError('Kunde inte spara beslutet', apiErrorMessage(err)),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label="Beslut"
          placeholder="Välj beslut"
          data={actionOptions}
          value={action}
          onChange={(v) => setAction(v as ReportAction | null)}
          error={errors.action}
          allowDeselect={false}
          miw={200}
        />
        <Select
          label="Regel i villkoren"
          placeholder="Välj regel"
          data={ruleOptions}
          value={ruleId}
          onChange={setRuleId}
          error={errors.ruleId}
          clearable
          miw={200}
        />
      </Group>
      <Textarea
        label="Motivering"
        description={
          action === 'dismiss'
            ? 'Sparas med beslutet; anmälaren får ett kort besked.'
            : 'Skickas till medlemmen: vad ni har bedömt och varför.'
        }
        value={statement}
        onChange={(e) => setStatement(e.currentTarget.value)}
        maxLength={DECISION_STATEMENT_MAX}
        autosize
        minRows={2}
        error={errors.statement}
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={decide.isPending} color={action === 'suspend' ? 'red' : undefined}>
          Spara beslut
        </Button>
      </Group>
    </Stack>
  );
}
