/**
 * A route planner link to an event's place (event day on the event page): Google Maps' documented
 * directions URL, which opens the app on a phone and the map in a browser; no map tiles on our pages.
 * Null for a place that is only blanks.
 */
export function directionsUrl(place: string): string | null {
  const destination = place.trim().replace(/\s+/g, ' ');
  if (!destination) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
