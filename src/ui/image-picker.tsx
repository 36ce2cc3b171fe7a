import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export type ImagePickerProps = {
  label: string;
  /** A newly chosen file, the URL of the stored image, or null for none. */
  value: File | string | null;
  /** A valid chosen file, or null when the image is removed. */
  onChange: (file: File | null) => void;
  /** MIME types offered by the file dialog. */
  accept: readonly string[];
  /** Refuses a chosen file with the returned message (a dialog's type filter can be bypassed). */
  validate?: (file: File) => string | null;
  /** Whose image it is: the preview shows their initials when there is no image. */
  name?: string;
  error?: ReactNode;
  changeLabel?: string;
  removeLabel?: string;
  disabled?: boolean;
};

/** A preview URL for a chosen file, released when the file changes or the picker goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** An image preview with buttons to choose another image or remove it. */
export function ImagePicker({
  label,
  value,
  onChange,
  accept,
  validate,
  name,
  error,
  changeLabel = 'Change Image',
  removeLabel = 'Remove Image',
  disabled,
}: ImagePickerProps) {
  const labelId = useId();
  const errorId = useId();
  const [rejection, setRejection] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);
  const fileUrl = useObjectUrl(value instanceof File ? value : null);
  const previewUrl = value instanceof File ? fileUrl : value || null;
  const message = rejection ?? error;

  const pick = (file: File | null) => {
    // Let the same file be picked again after a refusal or a removal.
    resetInput.current?.();
    if (!file) return;
    const refusal = validate?.(file) ?? null;
    setRejection(refusal);
    if (refusal === null) onChange(file);
  };

  return (
    <Stack gap="xs" align="center" role="group" aria-labelledby={labelId}>
      <Text id={labelId} fw={500} size="sm">
        {label}
      </Text>
      <Avatar
        src={previewUrl}
        name={name?.trim() || undefined}
        alt={`${label} preview`}
        size={120}
        radius={120}
        color="initials"
      />
      <Group gap="xs" justify="center">
        <FileButton
          onChange={pick}
          accept={accept.join(',')}
          resetRef={resetInput}
          disabled={disabled}
          inputProps={{ 'aria-describedby': message ? errorId : undefined }}
        >
          {(props) => (
            <Button {...props} variant="light" size="xs" disabled={disabled}>
              {changeLabel}
            </Button>
          )}
        </FileButton>
        {value !== null ? (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            disabled={disabled}
            onClick={() => {
              setRejection(null);
              onChange(null);
            }}
          >
            {removeLabel}
          </Button>
        ) : null}
      </Group>
      {message ? (
        <Text id={errorId} c="red" size="sm" ta="center" role="alert">
          {message}
        </Text>
      ) : null}
    </Stack>
  );
}
