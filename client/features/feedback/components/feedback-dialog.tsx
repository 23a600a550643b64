import { toastError, toastSuccess } from '@client/lib/toast';
import { FEEDBACK_COMMENT_MAX, RATING_MAX, RATING_MIN } from '@common/limits';
import { msg } from '@common/messages';
import { Button, Group, Input, Modal, Rating, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSendFeedback } from '../api/send-feedback';

export interface FeedbackDialogProps {
  opened: boolean;
  onClose: () => void;
  isAuthenticated: boolean;
}

/** 'Lämna feedback': a 1-5 rating and an optional comment of at most 300 characters (spec §2, §5). */
export function FeedbackDialog({ opened, onClose, isAuthenticated }: FeedbackDialogProps) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const send = useSendFeedback();

  const close = () => {
    setRating(0);
    setComment('');
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isAuthenticated) {
      toastError(msg.feedbackLoginRequired);
      return;
    }
    if (rating < RATING_MIN) {
      toastError(msg.feedbackRatingRequired);
      return;
    }
    send.mutate(
      { rating, comment: comment.trim() || null },
      {
        onSuccess: () => {
          toastSuccess(msg.feedbackThanks);
          close();
        },
        onError: () => toastError(msg.feedbackFailed),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Lämna feedback"
      centered
      styles={{ title: { fontWeight: 700 } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Input.Wrapper label="Betyg" labelElement="div">
            <Rating
              value={rating}
              onChange={setRating}
              count={RATING_MAX}
              size="lg"
              getSymbolLabel={(v) => `${v} av ${RATING_MAX}`}
            />
          </Input.Wrapper>
          <Textarea
            label="Kommentar (valfritt)"
            placeholder="Berätta vad du tycker om Singelgolf"
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value.slice(0, FEEDBACK_COMMENT_MAX))}
            maxLength={FEEDBACK_COMMENT_MAX}
            autosize
            minRows={3}
            maxRows={6}
            description={`${comment.length}/${FEEDBACK_COMMENT_MAX} tecken`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Avbryt
            </Button>
            <Button type="submit" loading={send.isPending}>
              Skicka
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
