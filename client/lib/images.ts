import { IMAGE_VARIANT_FORMATS, IMAGE_WIDTHS, type ImageVariantFormat } from '@common/limits';

/** Address of a stored image in original size (spec §7: GET /api/images/{id}/original). */
export function originalImageUrl(imageId: string): string {
  return `/api/images/${encodeURIComponent(imageId)}/original`;
}

/** Address of a stored image resized to one of IMAGE_WIDTHS (never wider than the image) as AVIF or WebP. */
export function imageVariantUrl(imageId: string, width: number, format: ImageVariantFormat): string {
  return `/api/images/${encodeURIComponent(imageId)}/w/${width}.${format}`;
}

/**
 * A srcset of every width of a stored image in one format ("…/w/320.webp 320w, …"). `maxWidth`
 * leaves out widths wider than needed (e.g. the image's own width when known); the narrowest stays.
 */
export function imageSrcSet(imageId: string, format: ImageVariantFormat, maxWidth = Infinity): string {
  const widths = IMAGE_WIDTHS.filter((_w, i) => i === 0 || IMAGE_WIDTHS[i - 1] < maxWidth);
  return widths.map((w) => `${imageVariantUrl(imageId, w, format)} ${w}w`).join(', ');
}

/** The `<source>`s of a `<picture>` for a stored image: AVIF first, then WebP. */
export function imageSources(imageId: string, sizes: string, maxWidth?: number) {
  return IMAGE_VARIANT_FORMATS.map((format) => ({
    type: `image/${format}`,
    srcSet: imageSrcSet(imageId, format, maxWidth),
    sizes,
  }));
}

/** Image source: the stored image when there is an id, else the first direct url, else undefined. */
export function imageSrc(imageId: string | null | undefined, ...urls: (string | null | undefined)[]) {
  if (imageId) return originalImageUrl(imageId);
  return urls.find((u): u is string => Boolean(u)) ?? undefined;
}

/**
 * An avatar's source: the stored image as its 320 px WebP copy (avatars are at most 120 px wide,
 * so this covers high-density screens; every supported browser decodes WebP, and Mantine's Avatar
 * renders a lone <img>), else the first direct url, else undefined.
 */
export function avatarSrc(imageId: string | null | undefined, ...urls: (string | null | undefined)[]) {
  if (imageId) return imageVariantUrl(imageId, IMAGE_WIDTHS[0], 'webp');
  return urls.find((u): u is string => Boolean(u)) ?? undefined;
}
