import { Alert, FileInput } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';

type PackageFileFieldProps = {
  /** Editing: a zip chosen is a new version of the package. */
  editing: boolean;
  learnerCount: number;
  value: File | null;
  onChange: (file: File | null) => void;
  /** The contract's or the server's message: a refusal says which check the package failed. */
  error?: string;
};

const learners = (count: number) => (count === 1 ? '1 learner has' : `${count} learners have`);

/**
 * The package's zip. On the edit screen choosing one uploads a new version, and it says first
 * that the learners' records stay with the package.
 */
export function PackageFileField({ editing, learnerCount, value, onChange, error }: PackageFileFieldProps) {
  return (
    <>
      <FileInput
        label={editing ? 'New version (.zip)' : 'SCORM package (.zip)'}
        description={
          editing
            ? 'Choose a zip to replace the package with a new version; leave empty to keep it.'
            : 'A SCORM 1.2 or 2004 package, as your authoring tool exports it.'
        }
        placeholder="Choose a .zip file"
        accept=".zip,application/zip,application/x-zip-compressed"
        required={!editing}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
        leftSection={<IconFileZip size={16} aria-hidden />}
        value={value}
        onChange={onChange}
        error={error}
      />
      {editing && value && (
        <Alert color="yellow" title="A new version" role="status">
          Learners' records are kept: {learners(learnerCount)} a record of this package, and keep it in the
          new version.
        </Alert>
      )}
    </>
  );
}
