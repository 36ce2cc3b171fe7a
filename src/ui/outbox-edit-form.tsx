import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { postToOutbox } from '@/lib/outbox';
import { type EditableBody, type EditableField, readEditableBody } from '@/lib/outbox-body';
import { useGuardedClose } from './form/use-guarded-close';
import { useUnsavedChangesBlocker } from './form/use-unsaved-changes-blocker';
import { TextField } from './text-field';

function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: EditableField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  if (field.kind === 'boolean')
    return (
      <Switch
        label={field.label}
        checked={value === 'true'}
        error={error}
        onChange={(event) => onChange(String(event.currentTarget.checked))}
      />
    );
  const type = /^(password|confirmPassword)$/.test(field.name)
    ? 'password'
    : /email/i.test(field.name)
      ? 'email'
      : 'text';
  return (
    <TextField
      label={field.label}
      type={type}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/**
 * A kept change opened with the values it was stored with: the person corrects what the server
 * refused and sends it again. It works on the stored body itself, so every screen's changes can be
 * edited here without a form of their own. Cancel, or leaving the page, with a value changed asks
 * first; `unsaved` lets the drawer around it ask before it closes too.
 */
export function OutboxEditForm({
  seq,
  onClose,
  unsaved,
}: {
  seq: number;
  onClose: () => void;
  unsaved?: RefObject<() => boolean>;
}) {
  const queryClient = useQueryClient();
  // Read once from the device (not the query cache, which is persisted and holds server data only).
  const [stored, setStored] = useState<{ body: EditableBody | null } | null>(null);
  useEffect(() => {
    let current = true;
    readEditableBody(seq).then(
      (body) => current && setStored({ body }),
      () => current && setStored({ body: null }),
    );
    return () => {
      current = false;
    };
  }, [seq]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const isUnsaved = () =>
    (stored?.body?.fields ?? []).some((field) => field.name in values && values[field.name] !== field.value);
  if (unsaved) unsaved.current = isUnsaved;
  useUnsavedChangesBlocker(isUnsaved);
  const cancel = useGuardedClose(isUnsaved, onClose);

  if (!stored) return <Text size="sm">Loading...</Text>;
  const { body } = stored;
  if (!body || body.fields.length === 0) {
    return (
      <Stack gap="sm">
        <Text size="sm">This change has nothing that can be edited here.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    );
  }

  const save = async () => {
    setSaving(true);
    try {
      const rebuilt = await body.rebuild(values);
      postToOutbox({ type: 'outbox:edit', seq, body: rebuilt.body, contentType: rebuilt.contentType });
      // What the screens showed of the change is replaced by the server's record once it is answered.
      void queryClient.invalidateQueries();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack
      component="form"
      gap="sm"
      aria-label="Edit change"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {body.fields.map((field) => (
        <FieldInput
          key={field.name}
          field={field}
          value={values[field.name] ?? field.value}
          // The refusal's word on a field holds until the field is changed.
          error={field.name in values ? undefined : field.error}
          onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
        />
      ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={cancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Save and retry
        </Button>
      </Group>
    </Stack>
  );
}
