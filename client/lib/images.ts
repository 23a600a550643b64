/** Address of a stored image in original size (spec §7: GET /api/images/{id}/original). */
export function originalImageUrl(imageId: string): string {
  return `/api/images/${encodeURIComponent(imageId)}/original`;
}

/** Image source: the stored image when there is an id, else the first direct url, else undefined. */
export function imageSrc(imageId: string | null | undefined, ...urls: (string | null | undefined)[]) {
  if (imageId) return originalImageUrl(imageId);
  return urls.find((u): u is string => Boolean(u)) ?? undefined;
}
