/** Swedish names of the audit log's actions (an unknown action shows as stored). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'event.create': 'Skapade event',
  'event.update': 'Ändrade event',
  'event.delete': 'Tog bort event',
  'event.duplicate': 'Duplicerade event',
  'event.announcement': 'Skickade meddelande',
  'event.export': 'Exporterade lista',
  'registration.payment_status': 'Ändrade betalstatus',
  'registration.attendance': 'Registrerade närvaro',
  'registration.refund': 'Återbetalade',
  'membership.set': 'Ändrade medlemskap',
  'report.decision': 'Beslut om anmälan',
  'user.reinstate': 'Hävde avstängning',
  'pro.withdrawal': 'Ångrade köpet av Pro',
  'ball_groups.generate': 'Genererade bollgrupper',
  'ball_groups.update': 'Ändrade bollgrupp',
  'ball_groups.tee_times': 'Fördelade starttider',
  'ball_groups.publish': 'Publicerade bollgrupper',
  'ball_groups.delete': 'Tog bort bollgrupp',
  'ball_groups.move': 'Flyttade deltagare',
  'ball_groups.together_add': 'Önskade spela tillsammans',
  'ball_groups.together_remove': 'Tog bort önskemål om att spela tillsammans',
};

/** The filter choices of the 'Logg' page: every action, or one area by its prefix. */
export const AUDIT_AREAS = [
  { value: '', label: 'Allt' },
  { value: 'event.', label: 'Event' },
  { value: 'registration.', label: 'Anmälningar och betalningar' },
  { value: 'membership.', label: 'Medlemskap' },
  { value: 'report.', label: 'Moderering' },
  { value: 'ball_groups.', label: 'Bollgrupper' },
] as const;

/** The label of an action. */
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/** A short, readable line of an entry's details ('title, maxParticipants' or 'from → to'). */
export function auditDetailsText(details: Record<string, unknown>): string {
  if (Array.isArray(details.changed)) return `Fält: ${(details.changed as string[]).join(', ') || '–'}`;
  if ('from' in details && 'to' in details)
    return `${String(details.from ?? '–')} → ${String(details.to ?? '–')}`;
  const parts = Object.entries(details)
    .filter(([, v]) => v !== null && typeof v !== 'object')
    .map(([k, v]) => `${k}: ${String(v)}`);
  return parts.join(', ');
}
