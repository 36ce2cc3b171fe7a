import { Button, FileButton, FileInput, Group } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useHasCamera } from './use-has-camera';

type FileChoiceProps = {
  label: string;
  accept: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
};

/**
 * A file chosen from the device, or, where there is a camera, a photo taken there and then. The
 * chosen file stays on the device (in the outbox's storage) until it can be sent.
 */
export function FileChoice({ label, accept, value, onChange, error }: FileChoiceProps) {
  const hasCamera = useHasCamera();
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <FileInput
        label={label}
        placeholder="Choose a file"
        accept={accept}
        value={value}
        onChange={onChange}
        error={error}
        clearable
        flex={1}
        miw={200}
      />
      {hasCamera && (
        <FileButton accept="image/*" capture="environment" onChange={onChange}>
          {(props) => (
            <Button variant="default" leftSection={<IconCamera size={16} aria-hidden />} {...props}>
              Take a photo
            </Button>
          )}
        </FileButton>
      )}
    </Group>
  );
}
