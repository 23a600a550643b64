import { EVENT_PHOTO_ALT_MAX, EVENT_PHOTOS_PER_MEMBER } from '../limits';

/**
 * Trip photos (issue 30).
 * Part of `msg` (common/messages.ts).
 */
export const eventPhotosMessages = {
  // Trip photos (issue 30)
  photoAltRequired: 'Beskriv bilden med en alternativ text',
  photoAltTooLong: `Den alternativa texten får vara högst ${EVENT_PHOTO_ALT_MAX} tecken`,
  photoConsentRequired: 'Bekräfta att alla som syns på bilden har godkänt att den visas',
  photoForParticipants: 'Bara deltagare i evenemanget kan se och ladda upp bilder',
  photoBeforeStart: 'Bilder kan laddas upp först när evenemanget har börjat',
  photoLimit: `Du kan ladda upp högst ${EVENT_PHOTOS_PER_MEMBER} bilder per evenemang`,
  photoNotFound: 'Bilden hittades inte',
  photoNotYours: 'Du kan bara ta bort bilder som du själv har laddat upp',
} as const;
