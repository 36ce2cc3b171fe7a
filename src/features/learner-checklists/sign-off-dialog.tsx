import {
  CHECKLIST_FILE_MAX_BYTES,
  CHECKLIST_NOTE_MAX,
  type ChecklistItem,
  checklistRecordMessages as m,
} from '@contract/checklists/records';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FileChoice } from '@/ui/checklist/file-choice';
import { useGuardedClose } from '@/ui/form/use-guarded-close';

/** What the observer records: the item done (signed off, competent) or not yet. */
export type SignOffKind = 'done' | 'notYet';

const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The words of a sign-off or a 'not yet', by the item's type. */
export function signOffWords(item: Pick<ChecklistItem, 'type'>, kind: SignOffKind): string {
  if (item.type === 'rating') return kind === 'done' ? 'Competent' : 'Not yet competent';
  return kind === 'done' ? 'Sign off' : 'Not yet';
}

type SignOffDialogProps = {
  item: ChecklistItem;
  kind: SignOffKind;
  pending: boolean;
  errors: { note?: string; file?: string };
  onSend: (note: string, photo: File | null) => void;
  onClose: () => void;
};

/** A note and an optional photo (taken there and then where there is a camera) for a sign-off or a 'not yet'. */
export function SignOffDialog({ item, kind, pending, errors, onSend, onClose }: SignOffDialogProps) {
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const close = useGuardedClose(() => note.trim() !== '' || photo !== null, onClose);
  const words = signOffWords(item, kind);
  return (
    <Modal opened onClose={() => void close()} title={`${words}: ${item.title}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (photo && !PHOTO_TYPES.includes(photo.type)) return setPhotoError(m.photoNotImage);
          if (photo && photo.size > CHECKLIST_FILE_MAX_BYTES) return setPhotoError(m.fileTooLarge);
          onSend(note.trim(), photo);
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Note"
            autosize
            minRows={2}
            maxLength={CHECKLIST_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={errors.note}
            data-autofocus
          />
          <FileChoice
            label="Photo (optional)"
            accept="image/*"
            value={photo}
            onChange={(next) => {
              setPhoto(next);
              setPhotoError(null);
            }}
            error={photoError ?? errors.file}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void close()}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} color={kind === 'done' ? undefined : 'orange'}>
              {words}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
