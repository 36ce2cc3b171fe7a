import type { Paged } from '@contract/envelope';
import type { QuizListQuery } from '@contract/quizzes/list-query';
import {
  type QuizDetail,
  type QuizImportReport,
  type QuizQuestion,
  type QuizRow,
  quizPaths,
} from '@contract/quizzes/resource';
import type {
  QuestionCreateInput,
  QuestionUpdateInput,
  QuizInput,
  QuizUpdateInput,
} from '@contract/quizzes/schemas';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { toast } from '@/lib/notify';

/** Query keys of the Quizzes screens; a quiz's detail holds its questions. */
export const quizKeys = {
  all: ['quizzes'] as const,
  lists: () => [...quizKeys.all, 'list'] as const,
  list: (query: QuizListQuery) => [...quizKeys.lists(), query] as const,
  detail: (quizId: string) => [...quizKeys.all, 'detail', quizId] as const,
};

export const quizListOptions = (query: QuizListQuery) =>
  queryOptions({
    queryKey: quizKeys.list(query),
    queryFn: async ({ signal }) => (await api.get<Paged<QuizRow>>(quizPaths.list, { query, signal })).results,
    placeholderData: keepPreviousData,
  });

export const quizDetailOptions = (quizId: string) =>
  queryOptions({
    queryKey: quizKeys.detail(quizId),
    queryFn: async ({ signal }) => (await api.get<QuizDetail>(quizPaths.one(quizId), { signal })).results,
  });

const outbox = (action: string, target: string, quizId?: string) => ({
  action,
  target,
  invalidate: quizId ? [quizKeys.lists(), quizKeys.detail(quizId)] : [quizKeys.lists()],
});

/** After an answered write: the server's message, then the lists and the quiz refetched. */
function useOnSaved(quizId?: string) {
  const queryClient = useQueryClient();
  return async <T>(result: WriteResult<T>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: quizKeys.lists() });
    if (quizId) await queryClient.invalidateQueries({ queryKey: quizKeys.detail(quizId) });
  };
}

export function useCreateQuiz() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (input: QuizInput) =>
      api.post<QuizDetail>(quizPaths.list, input, { outbox: outbox('Add quiz', input.name ?? '') }),
    onSuccess: onSaved,
  });
}

export function useUpdateQuiz(quizId: string) {
  const onSaved = useOnSaved(quizId);
  return useMutation({
    mutationFn: (input: QuizUpdateInput) =>
      api.patch<QuizDetail>(quizPaths.one(quizId), input, {
        outbox: outbox('Edit quiz', input.name ?? '', quizId),
      }),
    onSuccess: onSaved,
  });
}

export function useDuplicateQuiz() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (quiz: QuizRow) =>
      api.post<QuizDetail>(quizPaths.duplicate(quiz._id), undefined, {
        outbox: outbox('Duplicate quiz', quiz.name),
      }),
    onSuccess: onSaved,
  });
}

export function useSaveQuestion(quizId: string) {
  const onSaved = useOnSaved(quizId);
  return useMutation({
    mutationFn: ({
      questionId,
      input,
    }: {
      questionId?: string;
      input: QuestionCreateInput | QuestionUpdateInput;
    }) =>
      questionId
        ? api.patch<QuizQuestion>(quizPaths.questionOne(questionId), input, {
            outbox: outbox('Edit question', input.text ?? '', quizId),
          })
        : api.post<QuizQuestion>(quizPaths.question, input, {
            outbox: outbox('Add question', input.text ?? '', quizId),
          }),
    onSuccess: onSaved,
  });
}

export function useDeleteQuestion(quizId: string) {
  const onSaved = useOnSaved(quizId);
  return useMutation({
    mutationFn: (question: QuizQuestion) =>
      api.delete<{ _id: string }>(quizPaths.questionOne(question._id), undefined, {
        outbox: outbox('Delete question', question.text, quizId),
      }),
    onSuccess: onSaved,
  });
}

/** Shows the new order at once; the server's answer (or a failure) refetches the quiz. */
export function useReorderQuestions(quizId: string) {
  const queryClient = useQueryClient();
  const onSaved = useOnSaved(quizId);
  return useMutation({
    mutationFn: (questions: QuizQuestion[]) =>
      api.post<{ questionIds: string[] }>(
        quizPaths.reorder,
        { quizId, questionIds: questions.map((q) => q._id) },
        { outbox: outbox('Reorder questions', '', quizId) },
      ),
    onMutate: (questions) => {
      queryClient.setQueryData(quizKeys.detail(quizId), (quiz: QuizDetail | undefined) =>
        quiz ? { ...quiz, questions } : quiz,
      );
    },
    onSuccess: onSaved,
    onError: () => queryClient.invalidateQueries({ queryKey: quizKeys.detail(quizId) }),
  });
}

/** Sends the file as multipart; the answer is the per-question report (a 422 carries one too). */
export function useImportQuestions(quizId: string) {
  const onSaved = useOnSaved(quizId);
  return useMutation({
    mutationFn: ({ format, file }: { format: string; file: File }) => {
      const form = new FormData();
      form.set('quizId', quizId);
      form.set('format', format);
      form.set('file', file);
      return api.post<QuizImportReport>(quizPaths.import, form, {
        outbox: outbox('Import questions', file.name, quizId),
      });
    },
    onSuccess: onSaved,
  });
}
