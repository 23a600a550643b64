/**
 * Golf days with scores (issue 29, server side).
 * Part of `msg` (common/messages.ts).
 */
export const scoringMessages = {
  // Golf days with scores (issue 29, server side)
  eventFormatRequired: 'Välj spelform när evenemanget har en bana',
  eventTeeRequired: 'Välj tee för herrar eller damer',
  eventTeeNotOnCourse: 'Teen hör inte till den valda banan',
  eventTeeNotRatedMale: 'Teen för herrar saknar rating för herrar',
  eventTeeNotRatedFemale: 'Teen för damer saknar rating för damer',
  eventTeeWithoutCourse: 'Välj en bana innan du väljer tee',
  courseTeeInUse: 'Teen används av evenemanget {title} och kan inte tas bort',
  eventHasNoCourse: 'Evenemanget har ingen bana och inga scorer',
  notInPublishedGroup: 'Du är inte med i någon publicerad bollgrupp för evenemanget',
  scoreForbidden: 'Du kan bara föra score för spelare i din egen bollgrupp',
  scorePlayerNotParticipant: 'Spelaren deltar inte i evenemanget',
  scoreHoleNotOnCourse: 'Hålet finns inte på banan',
  scoreHoleTwice: 'Samma hål finns två gånger',
  scoringNotStarted: 'Rundan har inte börjat än',
  resultsAreFinal: 'Resultaten är fastställda: bara en administratör kan ändra en score',
  signOffIncomplete: 'Alla hål måste ha en score innan kortet signeras',
  leaderboardForbidden: 'Resultatlistan visas för deltagarna (och för alla när resultaten är fastställda)',
  leaderboardHiddenUntilFinal: 'Resultatlistan visas när resultaten har fastställts vid prisutdelningen',
  resultsNotFinal: 'Resultaten är inte fastställda',
  contestWinnerNotParticipant: 'Vinnaren måste vara anmäld till evenemanget',
  contestHoleNotOnCourse: 'Hålet finns inte på banan',
  contestNotFound: 'Tävlingen hittades inte',
  resultsHidden: 'Medlemmen visar inte sina resultat',
  seasonInvalid: 'Ange ett år mellan 2000 och 2100',
} as const;
