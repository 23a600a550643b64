import { apiRequest } from '@client/lib/api';
import type { FeedbackInput } from '@common/schemas/feedback';
import { useMutation } from '@tanstack/react-query';

/** POST /api/feedback {rating, comment}. */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (input: FeedbackInput) => apiRequest('POST', '/api/feedback', input),
  });
}
