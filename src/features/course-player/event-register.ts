import { learnerEventPaths, type MyRegistration } from '@contract/events/attendees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { learningKeys } from '@/lib/learning-keys';
import { toast } from '@/lib/notify';

/**
 * Registers the learner for an event part of the course. Online only: a seat is taken under the
 * event's lock, and whether it is a seat or the waiting list is only known from the answer.
 */
export function useRegisterForEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => api.post<MyRegistration>(learnerEventPaths.register(eventId)),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: learningKeys.all });
    },
  });
}
