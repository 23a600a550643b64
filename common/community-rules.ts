/**
 * The community rules of the 'Villkor' page, numbered, defined once: the page lists them and a
 * moderator's statement of reasons names the rule a decision rests on (DSA art. 17).
 */
export const COMMUNITY_RULES = [
  {
    id: 1,
    title: 'Var respektfull',
    text: 'Inga trakasserier, hot, kränkningar eller förolämpningar – varken i meddelanden, gruppchattar eller på evenemang.',
  },
  {
    id: 2,
    title: 'Var dig själv',
    text: 'Profilen ska vara din egen, med ditt riktiga namn och bilder på dig. Falska profiler och att utge sig för att vara någon annan är inte tillåtet.',
  },
  {
    id: 3,
    title: 'Inget spam eller bedrägeri',
    text: 'Skicka inte samma meddelande till många medlemmar, ingen reklam, inga länkar till bedrägerier och inga förfrågningar om pengar.',
  },
  {
    id: 4,
    title: 'Lämpligt innehåll',
    text: 'Inga sexuella, våldsamma eller på annat sätt olämpliga bilder eller texter.',
  },
  {
    id: 5,
    title: 'Medlemmar är vuxna',
    text: 'Du måste vara minst 18 år för att vara medlem.',
  },
  {
    id: 6,
    title: 'Respektera andras integritet',
    text: 'Dela inte andra medlemmars uppgifter, meddelanden eller bilder utanför Singelgolf utan deras samtycke.',
  },
] as const;

export type CommunityRule = (typeof COMMUNITY_RULES)[number];
