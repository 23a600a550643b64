import { formatDayMonth, formatDayTime } from '@client/lib/dates';

/** Conversation list date: '14 jun' (Swedish time and month names). */
export const formatListDate = formatDayMonth;

/** Thread timestamp: '14 jun 10:05', the same as the group chat's (24-hour clock, decisions.md). */
export const formatThreadTime = formatDayTime;

/** Group chat timestamp: '14 jun 10:05'. */
export const formatChatTime = formatDayTime;
