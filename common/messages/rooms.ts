/**
 * Room wishes and room-sharing on trips with overnight stays (issues 27, 30).
 * Part of `msg` (common/messages.ts).
 */
export const roomsMessages = {
  // Room wishes on trips with overnight stays (issue 27)
  roomWishInvalid: 'Välj enkelrum, dela rum eller dela med namngiven medlem',
  roomWishOnlyForTrips: 'Rumsönskemål kan bara anges för resor med övernattning',
  roomMateNameRequired: 'Skriv namnet på den du vill dela rum med',
  roomMateNameTooLong: 'Namnet får vara högst 100 tecken',
  roomMateNameInvalid: 'Namnet innehåller otillåtna tecken',
  roomWishClosed: 'Rumsönskemål kan inte ändras efter att resan har börjat',

  // Room-sharing on trips (issue 30)
  roomMateNotParticipant: 'Välj en medlem som är anmäld till resan',
  roomMateSelf: 'Du kan inte välja dig själv som rumskompis',
  roomMixedOnlyShared: 'Blandat rum kan bara väljas med dela rum',
  singleRoomSupplementInvalid: 'Enkelrumstillägget ska vara ett heltal 0–100000 kr',
  roomsInvalid: 'Varje rum ska ha 1–4 anmälda deltagare och varje deltagare finnas i högst ett rum',
  roomsOnlyForTrips: 'Rum kan bara fördelas för resor med övernattning',
} as const;
