import { msg } from '@common/messages';
import { REPORT_REASON_LABELS, type ReportAction, type ReportTarget } from '@common/options';
import { decisionRule } from '@common/rules/moderation';
import type { AdminReportPage, DecisionInput, ReportInput } from '@common/schemas/reports';
import { formatStockholmLongDate } from '@common/time';
import { recordAudit } from '../audit/audit';
import { builtInAccountId } from '../auth/builtin-account';
import { endIssuerSessions, endUserSessions } from '../auth/sessions';
import type { UserRow } from '../auth/users.presenter';
import { findUserById } from '../auth/users.queries';
import { advisoryXactLock } from '../db/advisory-lock';
import type { Db } from '../db/client';
import { enqueueEmail, type MailSettings } from '../email/outbox';
import type { TemplateProps } from '../email/templates/index';
import { authorize, ConflictError, DomainError, NotFoundError, ValidationError } from '../errors';
import { canReport, canSuspend } from './reports.policy';
import { presentAdminReport } from './reports.presenter';
import {
  countReportsSince,
  findOpenReportBy,
  insertReport,
  listReports,
  lockReport,
  markDecided,
  type ReportListParams,
} from './reports.queries';
import { findReportSubject, removeReportedContent } from './reports.targets';
import { findLiveMemberContact, liftSuspension, markSuspended } from './suspensions.queries';

/** Reports a member may make per hour (a reporting channel, not a way to flood the moderators). */
export const REPORTS_PER_HOUR = 20;

/** Too many reports in the hour (429). */
export class ReportLimitError extends DomainError {
  readonly retryAfterSeconds = 600;
  constructor() {
    super(msg.reportLimit, 429);
  }
}

export interface ModerationDeps {
  mail: MailSettings;
  /** Where members appeal (config.moderationEmail). */
  appealAddress: string;
}

/** The moderation e-mails (`server/email/templates/moderation.tsx`); each greets the member by first name. */
type ModerationTemplate = 'report-received' | 'report-outcome' | 'moderation-decision' | 'account-reinstated';

/** Queues a moderation e-mail to a member in the transaction; a member without an address gets none. */
async function mailMember<K extends ModerationTemplate>(
  tx: Db,
  deps: ModerationDeps,
  member: { email: string | null; firstName: string | null },
  template: K,
  props: Omit<TemplateProps[K], 'firstName'>,
): Promise<void> {
  if (!member.email) return;
  await enqueueEmail(tx, deps.mail, {
    to: member.email,
    template,
    props: { firstName: member.firstName ?? '', ...props } as TemplateProps[K],
  });
}

/** 'en profil', 'ett meddelande', … : what was reported, in the e-mails. */
const WHAT: Record<ReportTarget, string> = {
  user: 'en profil',
  message: 'ett meddelande',
  group_message: 'ett meddelande i en gruppchatt',
  image: 'en bild',
  photo: 'en bild från ett evenemang',
};

/** What a decision is about, to the member concerned. */
const WHAT_FOR_MEMBER: Record<ReportTarget, string> = {
  user: 'din profil',
  message: 'ett meddelande du har skickat',
  group_message: 'ett meddelande du har skrivit i en gruppchatt',
  image: 'en bild du har laddat upp',
  photo: 'en bild du har laddat upp till ett evenemang',
};

/** The decision in words, to the member concerned. */
function decisionText(action: Exclude<ReportAction, 'dismiss'>, targetType: ReportTarget): string {
  switch (action) {
    case 'warn':
      return 'Du får en varning. Innehållet ligger kvar, men upprepas det kan kontot stängas av.';
    case 'remove_content':
      return targetType === 'user'
        ? 'Profilbilden och profilens fritexter är borttagna.'
        : targetType === 'image' || targetType === 'photo'
          ? 'Bilden är borttagen och visas inte längre.'
          : 'Meddelandet är borttaget och visas inte längre för någon.';
    case 'suspend':
      return 'Ditt konto är avstängt. Du är utloggad och kan inte logga in medan avstängningen gäller.';
  }
}

/** The outcome in one sentence, to the reporter (never more about the other member than that). */
function outcomeText(action: ReportAction): string {
  switch (action) {
    case 'dismiss':
      return 'Vi bedömer att det du anmälde inte bryter mot våra villkor, så vi gör ingenting mer den här gången.';
    case 'warn':
      return 'Vi har varnat medlemmen.';
    case 'remove_content':
      return 'Vi har tagit bort innehållet.';
    case 'suspend':
      return 'Vi har stängt av medlemmen.';
  }
}

/**
 * A member's report (DSA notice): checks that the reporter can see what they report, keeps a copy of
 * it, and queues the acknowledgement e-mail in the same transaction. Reporting the same thing again
 * while the first report is open answers that report (`created: false`).
 */
export async function createReport(
  db: Db,
  deps: ModerationDeps,
  reporter: UserRow,
  input: ReportInput & { details?: string },
  now = new Date(),
): Promise<{ id: number; created: boolean }> {
  const subject = await findReportSubject(db, reporter, input.targetType, input.targetId);
  if (!subject) throw new NotFoundError(msg.reportTargetNotFound);
  if (!canReport(reporter, subject.targetUserId)) throw new ValidationError(msg.reportSelf);
  return db.transaction(async (tx) => {
    // One at a time per reporter, so the hour's limit and the duplicate check hold under concurrency.
    await advisoryXactLock(tx, `report:${reporter.id}`);
    const open = await findOpenReportBy(tx, reporter.id, input.targetType, input.targetId);
    if (open) return { id: open, created: false };
    if ((await countReportsSince(tx, reporter.id, new Date(now.getTime() - 3600_000))) >= REPORTS_PER_HOUR) {
      throw new ReportLimitError();
    }
    const id = await insertReport(tx, {
      reporterId: reporter.id,
      targetType: input.targetType,
      targetId: input.targetId,
      targetUserId: subject.targetUserId,
      reason: input.reason,
      details: input.details ?? null,
      snapshot: subject.snapshot,
    });
    await mailMember(tx, deps, reporter, 'report-received', {
      what: WHAT[input.targetType],
      reasonLabel: REPORT_REASON_LABELS[input.reason],
      receivedAt: formatStockholmLongDate(now),
    });
    return { id, created: true };
  });
}

/** The moderators' queue, one page. */
export async function listReportQueue(db: Db, p: ReportListParams): Promise<AdminReportPage> {
  const { rows, total, open } = await listReports(db, p);
  return { items: rows.map(presentAdminReport), total, open };
}

/**
 * A moderator's decision on a report, once (409 when already decided), in one transaction with its
 * effects: 'remove_content' hides the content everywhere; 'suspend' marks the member suspended and ends
 * every session (the WebSockets opened with them close at once, on every instance) and the issuer's;
 * the statement of reasons goes to the member concerned (not for 'dismiss'), the outcome to the
 * reporter, and the decision to the audit log.
 */
export async function decideReport(
  db: Db,
  deps: ModerationDeps,
  moderator: UserRow,
  reportId: number,
  input: DecisionInput,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const report = await lockReport(tx, reportId);
    if (!report) throw new NotFoundError(msg.reportNotFound);
    if (report.decidedAt) throw new ConflictError(msg.reportAlreadyDecided);
    const member = report.targetUserId ? await findUserById(tx, report.targetUserId) : undefined;
    if (input.action === 'suspend') {
      if (!member) throw new ValidationError(msg.userNotFound);
      authorize(canSuspend(member), msg.decisionCannotSuspendAdmin);
      await suspendMember(tx, member, now);
    }
    if (input.action === 'remove_content')
      await removeReportedContent(tx, report.targetType, report.targetId);
    await markDecided(tx, report.id, {
      decidedBy: moderator.id,
      action: input.action,
      statement: input.statement,
    });
    const rule = decisionRule(report.reason, input.ruleId);
    await recordAudit(tx, {
      actorId: moderator.id,
      action: 'report.decision',
      targetType: 'report',
      targetId: report.id,
      details: {
        action: input.action,
        reportTargetType: report.targetType,
        reportTargetId: report.targetId,
        memberId: report.targetUserId,
        ruleId: rule?.id ?? null,
      },
    });

    if (input.action !== 'dismiss' && member && !member.deletedAt) {
      await mailMember(tx, deps, member, 'moderation-decision', {
        what: WHAT_FOR_MEMBER[report.targetType],
        decision: decisionText(input.action, report.targetType),
        statement: input.statement,
        rule: rule ? `${rule.id}. ${rule.title}` : null,
        decidedAt: formatStockholmLongDate(now),
        appealAddress: deps.appealAddress,
      });
    }
    if (report.reporterId) {
      const reporter = await findLiveMemberContact(tx, report.reporterId);
      if (reporter) {
        await mailMember(tx, deps, reporter, 'report-outcome', {
          what: WHAT[report.targetType],
          outcome: outcomeText(input.action),
        });
      }
    }
  });
}

/** Suspends a member: marked suspended (login refused), every site and issuer session ended. */
async function suspendMember(tx: Db, member: UserRow, now: Date): Promise<void> {
  await markSuspended(tx, member.id, now);
  await endUserSessions(tx, member.id);
  const accountId = builtInAccountId(member);
  if (accountId) await endIssuerSessions(tx, accountId);
}

/** Ends a member's suspension (404 unknown, 409 not suspended); the member is told by e-mail. */
export async function reinstateMember(
  db: Db,
  deps: ModerationDeps,
  moderator: UserRow,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await liftSuspension(tx, userId);
    if (!member) {
      if (!(await findUserById(tx, userId))) throw new NotFoundError(msg.userNotFound);
      throw new ConflictError(msg.userNotSuspended);
    }
    await recordAudit(tx, {
      actorId: moderator.id,
      action: 'user.reinstate',
      targetType: 'user',
      targetId: userId,
    });
    if (!member.deletedAt) {
      await mailMember(tx, deps, member, 'account-reinstated', {
        loginUrl: `${deps.mail.publicUrl}/api/login`,
      });
    }
  });
}
