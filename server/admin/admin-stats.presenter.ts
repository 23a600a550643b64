import { displayName } from '@common/rules/display-name';
import type { Activity, AdminStats } from '@common/schemas/admin';
import type { ActivityRow, LiveFigures, MemberFigures } from './admin-stats.queries';

const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/** One activity line in the spec's shape; the image is the profile image's address. */
export function presentActivity(row: ActivityRow): Activity {
  const at = row.at instanceof Date ? row.at : new Date(row.at);
  return {
    id: `${row.type}-${row.sourceId}`,
    type: row.type,
    eventTitle: row.eventTitle,
    eventId: row.eventId,
    timestamp: Number.isNaN(at.getTime()) ? String(row.at) : at.toISOString(),
    user: {
      id: row.userId,
      fullName: displayName({ ...row, id: row.userId }),
      profileImage: row.profileImageId ? `/api/images/${row.profileImageId}/original` : row.profileImageUrl,
    },
  };
}

/** The admin dashboard's figures: spec §3 'Admin stats' and the real figures decisions.md asks for. */
export function presentAdminStats(m: MemberFigures, e: LiveFigures, activity: ActivityRow[]): AdminStats {
  return {
    totalUsers: m.total,
    upcomingEvents: e.upcoming,
    recentActivity: activity.map(presentActivity),
    genderDistribution: { male: m.male, female: m.female, other: m.other, unknown: m.unknownGender },
    handicapDistribution: {
      '0-5': m.hcp0to5,
      '6-10': m.hcp6to10,
      '11-15': m.hcp11to15,
      '16-20': m.hcp16to20,
      '21+': m.hcp21plus,
      'Ej angivet': m.hcpNone,
    },
    ageDistribution: {
      '21-30': m.age21to30,
      '31-40': m.age31to40,
      '41-50': m.age41to50,
      '51-60': m.age51to60,
      '61+': m.age61plus,
    },
    monthlyGrowth:
      m.lastMonth > 0 ? Math.round(((m.thisMonth - m.lastMonth) / m.lastMonth) * 1000) / 10 : null,
    newMembersThisMonth: m.thisMonth,
    newMembersLastMonth: m.lastMonth,
    registrationRate: percent(m.registered, m.capacity),
    responseRate: percent(m.answered, m.received),
    unreadMessages: e.unread,
    newRegistrationsToday: e.registrationsToday,
    activeMembers: m.active,
    proMembers: m.pro,
  };
}
