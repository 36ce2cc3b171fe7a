import {
  CHECKLIST_FILE_MAX_BYTES,
  CHECKLIST_NOTE_MAX,
  type ChecklistItem,
  checklistRecordMessages as m,
} from '@contract/checklists/records';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { FileChoice } from '@/ui/checklist/file-choice';
import { useGuardedClose } from '@/ui/form/use-guarded-close';

/** What the lead is about to record: the item's done (a sign-off, competent), its 'not yet', or a withdrawal. */
export type RecordIntent =
  | { kind: 'done' | 'notYet'; item: ChecklistItem }
  | { kind: 'withdraw'; item: ChecklistItem; recordId: string };

type SignIntent = Extract<RecordIntent, { kind: 'done' | 'notYet' }>;

const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The dialog's title and button, by the item's type. */
export function intentWords(intent: SignIntent): { title: string; submit: string } {
  const rating = intent.item.type === 'rating';
  if (intent.kind === 'done')
    return rating ? { title: 'Competent', submit: 'Competent' } : { title: 'Sign off', submit: 'Sign off' };
  return rating
    ? { title: 'Not yet competent', submit: 'Not yet competent' }
    : { title: 'Not yet', submit: 'Mark not yet' };
}

/** The photo's own refusal, before it goes anywhere (the server checks it again). */
function photoError(photo: File | null): string | null {
  if (!photo) return null;
  if (!PHOTO_TYPES.includes(photo.type)) return m.photoNotImage;
  if (photo.size > CHECKLIST_FILE_MAX_BYTES) return m.fileTooLarge;
  return null;
}

type RecordModalProps = {
  intent: SignIntent;
  onSubmit: (draft: { action: SignIntent['kind']; note: string; photo: File | null }) => Promise<unknown>;
  onClose: () => void;
};

/**
 * A note and an optional photo for a sign-off or a 'not yet' (taken with the phone's camera where
 * there is one, chosen from the files otherwise). It closes once the record is answered or kept in
 * the outbox, photo and all; a refusal stays in the dialog.
 */
export function RecordModal({ intent, onSubmit, onClose }: RecordModalProps) {
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ note?: string; photo?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const close = useGuardedClose(() => note.trim() !== '' || photo !== null, onClose);
  const words = intentWords(intent);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (note.trim().length > CHECKLIST_NOTE_MAX) next.note = m.noteTooLong;
    const refused = photoError(photo);
    if (refused) next.photo = refused;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setSaving(true);
    try {
      await onSubmit({ action: intent.kind, note: note.trim(), photo });
    } catch (error) {
      const fields = isApiError(error) ? error.errors : {};
      setErrors({
        note: fields.note,
        photo: fields.file,
        form: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={() => void close()} title={`${words.title}: ${intent.item.title}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {errors.form ? (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <Textarea
            label="Note"
            autosize
            minRows={2}
            maxRows={8}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={errors.note}
            data-autofocus
          />
          <FileChoice
            label="Photo (optional)"
            accept="image/*"
            value={photo}
            onChange={(file) => {
              setPhoto(file);
              setErrors((current) => ({ ...current, photo: undefined }));
            }}
            error={errors.photo}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void close()} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} color={intent.kind === 'done' ? undefined : 'orange'}>
              {words.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
