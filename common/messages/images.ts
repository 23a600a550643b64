/**
 * Image uploads and their use.
 * Part of `msg` (common/messages.ts).
 */
export const imagesMessages = {
  imageTooLarge: 'Bildfilen får inte vara större än 3MB',
  imageWrongType: 'Endast JPEG, PNG, GIF, WebP och HEIC-bilder är tillåtna',
  imageInvalid: 'Filen är ingen giltig bild',
  imageNotFound: 'Bilden hittades inte',
  imageWidthInvalid: 'Ogiltig bildbredd (320, 640, 960 eller 1280)',
  imageFormatInvalid: 'Ogiltigt bildformat (webp eller avif)',
  imageMissing: 'Välj en bild att ladda upp',
  imageTooManyPixels: 'Bilden har för hög upplösning',
  imageEntityInvalid: 'Ogiltig koppling för bilden',
  imageNotYours: 'Du kan bara använda bilder som du själv har laddat upp',
  imageInUse: 'Bilden används redan av ett annat evenemang eller en annan profil',
  imageUploadLimit: 'Du har laddat upp många bilder den senaste timmen. Vänta en stund och försök igen.',
  imageBusy: 'Många bilder laddas upp just nu. Försök igen om en liten stund.',
} as const;
