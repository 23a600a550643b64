/**
 * Samåkning (issue 30).
 * Part of `msg` (common/messages.ts).
 */
export const ridesMessages = {
  // Samåkning and room-sharing (issue 30)
  rideKindInvalid: 'Välj om du erbjuder eller söker skjuts',
  rideFromInvalid: 'Välj en kommun att åka från',
  rideDepartInvalid: 'Ange avresetid som datum och tid',
  rideDepartAfterEnd: 'Avresan måste vara före evenemangets slut',
  rideSeatsRequired: 'Ange hur många platser du erbjuder (1–8)',
  rideSeatsInvalid: 'Antal platser ska vara ett heltal 1–8',
  rideNoteTooLong: 'Meddelandet får vara högst 500 tecken',
  rideNoteInvalid: 'Meddelandet innehåller otillåtna tecken',
  rideNotFound: 'Samåkningen hittades inte',
  ridesOnlyForRegistered: 'Samåkning är bara för anmälda deltagare',
  rideEventClosed: 'Samåkning kan inte läggas upp för ett inställt eller avslutat evenemang',
  rideJoinOnlyOffers: 'Du kan bara be om plats i ett erbjudande om skjuts',
  rideOwnRide: 'Det här är din egen samåkning',
  rideAlreadyJoined: 'Du har redan bett om plats i den här bilen',
  rideFull: 'Bilen är full',
  rideNotJoined: 'Du är inte med i den här samåkningen',
  ridePassengerNotFound: 'Medlemmen har inte bett om plats i bilen',
  rideOnlyDriver: 'Bara föraren kan göra det',
  rideConversationClosed: 'Bara föraren och godkända passagerare kan läsa och skriva här',
  rideMessageInvalid: 'Skriv ett meddelande på högst 2000 tecken',
} as const;
