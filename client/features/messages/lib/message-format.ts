import { inSweden } from '@client/lib/dates';

/** Conversation list date (spec §9 'MMM d'), in Swedish. */
export const formatListDate = (iso: string) => inSweden(iso).format('MMM D');

/** Thread timestamp (spec §9 'MMM d, h:mm a'), in Swedish. */
export const formatThreadTime = (iso: string) => inSweden(iso).format('MMM D, h:mm A');

/** Group chat timestamp. */
export const formatChatTime = (iso: string) => inSweden(iso).format('D MMM HH:mm');
