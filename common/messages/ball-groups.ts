import { GROUP_NAME_MAX, TEE_TIME_INTERVAL_MAX_MINUTES } from '../limits';

/**
 * Ball groups, tee times and start lists, play-together requests (spec §5, §8; issue 16).
 * Part of `msg` (common/messages.ts).
 */
export const ballGroupsMessages = {
  // Ball groups (spec §5, §8; server answers where the spec is silent)
  groupNameRequired: 'Ange ett namn för bollgruppen',
  groupNameTooLong: `Namnet får vara högst ${GROUP_NAME_MAX} tecken`,
  groupNotFound: 'Bollgruppen hittades inte',
  groupOtherEvent: 'Bollgruppen hör inte till detta evenemang',
  groupOnlyRegistered: 'Endast anmälda deltagare (inte reservlistan) kan delas in i bollgrupper',
  groupIdInvalid: 'Ogiltig bollgrupp',
  groupTeeTimeInvalid: 'Ange en giltig starttid',
  groupsNoneToPublish: 'Det finns inga bollgrupper att publicera',
  groupsPublishCancelled: 'Ett inställt evenemang kan inte publicera bollgrupper',
  groupsPublish: 'Publicera bollgrupper',
  groupsRepublish: 'Publicera bollgrupper igen',
  groupsPublished: 'Bollgrupperna är publicerade',
  groupsPublishedText: 'Deltagarna har fått en notis med sin bollgrupp och starttid.',
  groupsPublishFailed: 'Kunde inte publicera bollgrupperna',
  groupTeeTime: 'Starttid',
  groupTeeTimeSaved: 'Starttiden är sparad',
  groupTeeTimeFailed: 'Kunde inte spara starttiden',
  groupsNoneRegistered: 'Det finns inga anmälda deltagare att dela in i bollgrupper',
  // Tee times and start list (issue 16)
  groupStartingHoleInvalid: 'Starthålet ska vara ett hål mellan 1 och 18',
  groupStartingHole: 'Starthål',
  teeTimeIntervalInvalid: `Intervallet ska vara mellan 1 och ${TEE_TIME_INTERVAL_MAX_MINUTES} minuter`,
  teeTimeModeInvalid: 'Välj intervall eller kanonstart',
  teeTimesPastMidnight:
    'Starttiderna räcker inte till alla grupper före midnatt. Välj en tidigare första starttid eller ett kortare intervall.',
  groupsNoneForTeeTimes: 'Det finns inga bollgrupper att fördela starttider till',
  teeTimesDistribute: 'Fördela starttider',
  teeTimesDistributed: 'Starttiderna är fördelade',
  teeTimesFailed: 'Kunde inte fördela starttiderna',
  groupsRegeneratePublished:
    'Grupperna är redan publicerade. Nya grupper ersätter dem och deltagarna ser dem inte förrän du publicerar igen – då får alla en ny notis.',
  startListDownload: 'Ladda ner startlista (PDF)',
  startListPrint: 'Skriv ut startlista',
  groupRenamed: 'Gruppen har bytt namn',
  groupRenamedText: 'Bollgruppen har fått sitt nya namn.',
  groupDeleted: 'Gruppen är borttagen',
  memberMoved: 'Deltagaren är flyttad',
  memberAdded: 'Deltagaren är tillagd',
  renameFailed: 'Kunde inte byta namn',
  deletionFailed: 'Kunde inte ta bort',
  moveFailed: 'Kunde inte flytta deltagaren',
  addFailed: 'Kunde inte lägga till deltagaren',
  generationFailed: 'Kunde inte generera bollgrupper',
  groupDeleteConfirm:
    'Vill du ta bort bollgruppen? Deltagarna i den blir utan bollgrupp, och det går inte att ångra.',
  noBallGroups: 'Inga bollgrupper har genererats',

  // Play-together requests for ball groups (issue 16)
  togetherSame: 'Välj två olika deltagare',
  togetherNotRegistered: 'Båda måste vara anmälda (inte på reservlistan) till evenemanget',
  togetherBlocked: 'De här medlemmarna har blockerat varandra och kan inte önskas i samma bollgrupp',
  togetherNotFound: 'Önskemålet finns inte',
  togetherInvalid: 'Ange två anmälningar: { "registrationIds": [id, id] }',
} as const;
