import { apiErrorMessage, apiErrorStatus } from '@client/lib/api';
import { toastError } from '@client/lib/toast';
import { StoredImage } from '@client/ui/stored-image';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from '@common/limits';
import { msg } from '@common/messages';
import { isAcceptedImageFile } from '@common/rules/image-file';
import { Button, FileButton, Group, Input, Stack } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { uploadEventImage } from '../../api/event-image-api';

/**
 * Event image with preview and remove (spec §2 'Event form'): the file is
 * checked for the 3 MB limit here, uploaded at once and re-encoded by the server.
 */
export function ImageField({
  value,
  entityId,
  onChange,
}: {
  value: string | null;
  entityId: string;
  onChange: (id: string | null) => void;
}) {
  const [uploading, setUploading] = useState(false);

  async function pick(file: File | null) {
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      toastError('Filen är för stor', msg.imageTooLarge);
      return;
    }
    if (!isAcceptedImageFile(file)) {
      toastError('Bilden kunde inte bearbetas', msg.imageWrongType);
      return;
    }
    setUploading(true);
    try {
      const img = await uploadEventImage(file, entityId);
      onChange(img.id);
    } catch (err) {
      const status = apiErrorStatus(err);
      if (status === 413) {
        toastError('Filen är för stor', msg.imageTooLarge);
      } else if (status === 400) {
        toastError('Bilden kunde inte bearbetas', apiErrorMessage(err, 'Okänt fel'));
      } else {
        toastError('Bilden kunde inte laddas upp', apiErrorMessage(err));
      }
    } finally {
      setUploading(false);
    }
  }

  return (
    <Input.Wrapper label="Bild" description="JPEG, PNG, GIF eller WebP, max 3MB">
      <Stack gap="xs" mt={4}>
        {value ? (
          <StoredImage
            imageId={value}
            alt="Förhandsvisning av bilden"
            sizes="(min-width: 48em) 600px, 100vw"
            priority
            width={600}
            height={180}
            h={180}
            radius="md"
            fit="cover"
          />
        ) : null}
        <Group gap="xs">
          <FileButton onChange={pick} accept={IMAGE_ACCEPT}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPhotoUp size={16} />}
                loading={uploading}
              >
                {value ? 'Byt bild' : 'Välj bild'}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onChange(null)}
            >
              Ta bort bild
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
