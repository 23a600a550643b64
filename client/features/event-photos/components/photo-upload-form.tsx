import { apiErrorMessage } from '@client/lib/api';
import { toastSuccess } from '@client/lib/toast';
import { EVENT_PHOTO_ALT_MAX, IMAGE_ACCEPT, IMAGE_MAX_BYTES } from '@common/limits';
import { msg } from '@common/messages';
import { isAcceptedImageFile } from '@common/rules/image-file';
import { Alert, Button, Checkbox, FileInput, Paper, Stack, Textarea, Title } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useUploadPhoto } from '../api/event-photos-api';

/** 'Ladda upp en bild': the file, its alt text and the confirmation that everyone in it agreed. */
export function PhotoUploadForm({ eventId, left }: { eventId: number; left: number }) {
  const upload = useUploadPhoto(eventId);
  const [file, setFile] = useState<File | null>(null);
  const [altText, setAltText] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<{ file?: string; altText?: string; consent?: string }>({});
  const [formKey, setFormKey] = useState(0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      file: !file
        ? msg.imageMissing
        : !isAcceptedImageFile(file)
          ? msg.imageWrongType
          : file.size > IMAGE_MAX_BYTES
            ? msg.imageTooLarge
            : undefined,
      altText: !altText.trim()
        ? msg.photoAltRequired
        : altText.trim().length > EVENT_PHOTO_ALT_MAX
          ? msg.photoAltTooLong
          : undefined,
      consent: consent ? undefined : msg.photoConsentRequired,
    };
    setErrors(found);
    if (!file || found.file || found.altText || found.consent) return;
    upload.mutate(
      { file, altText: altText.trim() },
      {
        onSuccess: () => {
          setFile(null);
          setAltText('');
          setConsent(false);
          setFormKey((k) => k + 1);
          toastSuccess('Bilden är uppladdad');
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate key={formKey}>
      <Stack gap="sm">
        <Title order={3} fz="md">
          Ladda upp en bild
        </Title>
        <FileInput
          label="Bild"
          description={`JPEG, PNG, GIF, WebP eller HEIC, högst 3 MB. Du kan ladda upp ${left} till.`}
          placeholder="Välj en bild"
          accept={IMAGE_ACCEPT}
          value={file}
          onChange={(f) => {
            setFile(f);
            setErrors((x) => ({ ...x, file: undefined }));
          }}
          error={errors.file}
          required
          clearable
        />
        <Textarea
          label="Alternativ text"
          description="Beskriv vad bilden visar, för den som inte kan se den"
          value={altText}
          onChange={(e) => {
            setAltText(e.currentTarget.value);
            setErrors((x) => ({ ...x, altText: undefined }));
          }}
          maxLength={EVENT_PHOTO_ALT_MAX}
          autosize
          minRows={2}
          error={errors.altText}
          required
        />
        <Checkbox
          label="Alla som syns på bilden har godkänt att den visas här"
          checked={consent}
          onChange={(e) => {
            setConsent(e.currentTarget.checked);
            setErrors((x) => ({ ...x, consent: undefined }));
          }}
          error={errors.consent}
        />
        {upload.error ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(upload.error, 'Kunde inte ladda upp bilden')}
          </Alert>
        ) : null}
        <Button
          type="submit"
          leftSection={<IconPhotoUp size={16} aria-hidden />}
          loading={upload.isPending}
          w="fit-content"
        >
          Ladda upp
        </Button>
      </Stack>
    </Paper>
  );
}
