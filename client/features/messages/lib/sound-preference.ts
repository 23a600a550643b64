const KEY = 'singelgolf.messages.sound';

/** Sound on new messages: on by default, remembered in this browser. */
export function readSoundPreference(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    return storage?.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

export function writeSoundPreference(
  on: boolean,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/** Plays /notification.mp3 (ignored when the browser blocks autoplay). */
export function playNotificationSound(): void {
  const audio = new Audio('/notification.mp3');
  audio.play().catch(() => {});
}
