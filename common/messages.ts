import { ballGroupsMessages } from './messages/ball-groups';
import { billingMessages } from './messages/billing';
import { blocksMessages } from './messages/blocks';
import { chatMessages } from './messages/chat';
import { coursesMessages } from './messages/courses';
import { eventPhotosMessages } from './messages/event-photos';
import { eventsMessages } from './messages/events';
import { feedbackMessages } from './messages/feedback';
import { generalMessages } from './messages/general';
import { imagesMessages } from './messages/images';
import { meetAgainMessages } from './messages/meet-again';
import { membersMessages } from './messages/members';
import { reportsMessages } from './messages/reports';
import { ridesMessages } from './messages/rides';
import { roomsMessages } from './messages/rooms';
import { scoringMessages } from './messages/scoring';

/**
 * Texts that both the server (error messages) and the client (validation,
 * toasts) show. Spec §5 and §8, word for word. Written by domain in
 * common/messages/*.ts and joined here.
 */
export const msg = {
  ...generalMessages,
  ...membersMessages,
  ...imagesMessages,
  ...eventsMessages,
  ...feedbackMessages,
  ...chatMessages,
  ...billingMessages,
  ...ballGroupsMessages,
  ...blocksMessages,
  ...reportsMessages,
  ...roomsMessages,
  ...coursesMessages,
  ...meetAgainMessages,
  ...eventPhotosMessages,
  ...ridesMessages,
  ...scoringMessages,
} as const;

/**
 * The keys two parts share. A spread keeps only the later text of a shared key without a word, where the
 * one object literal the parts came from refused a duplicate: this keeps that check.
 */
type SharedKeys<Parts extends object[], Seen extends PropertyKey = never> = Parts extends [
  infer First extends object,
  ...infer Rest extends object[],
]
  ? (keyof First & Seen) | SharedKeys<Rest, Seen | keyof First>
  : never;
type Parts = [
  typeof generalMessages,
  typeof membersMessages,
  typeof imagesMessages,
  typeof eventsMessages,
  typeof feedbackMessages,
  typeof chatMessages,
  typeof billingMessages,
  typeof ballGroupsMessages,
  typeof blocksMessages,
  typeof reportsMessages,
  typeof roomsMessages,
  typeof coursesMessages,
  typeof meetAgainMessages,
  typeof eventPhotosMessages,
  typeof ridesMessages,
  typeof scoringMessages,
];
/** Fails to compile, naming the key, when two parts of `msg` share one. */
export const noSharedMessageKeys: [SharedKeys<Parts>] extends [never] ? true : SharedKeys<Parts> = true;
