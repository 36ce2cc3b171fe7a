import type { ElearningCompletionRule, ElearningDetail } from '@contract/elearning/resource';
import type { ElearningInput, ElearningUpdateInput } from '@contract/elearning/schemas';

/** The package form: the mastery score as typed (empty: the package's own), and the zip chosen, if any. */
export type PackageFormValues = {
  title: string;
  description: string;
  masteryScore: string;
  completionRule: ElearningCompletionRule;
  file: File | null;
  version: number;
};

export const emptyPackageValues = (): PackageFormValues => ({
  title: '',
  description: '',
  masteryScore: '',
  completionRule: 'reported',
  file: null,
  version: 1,
});

export const toPackageFormValues = (record: ElearningDetail): PackageFormValues => ({
  title: record.title,
  description: record.description,
  masteryScore: record.masteryScore === null ? '' : String(record.masteryScore),
  completionRule: record.completionRule,
  file: null,
  version: record.version,
});

/** The fields the contract checks, as the form sends them (the file goes apart). */
export const toPackageInput = (values: PackageFormValues): ElearningInput => ({
  title: values.title,
  description: values.description,
  masteryScore: values.masteryScore,
  completionRule: values.completionRule,
});

export const toPackageUpdate = (values: PackageFormValues): ElearningUpdateInput => ({
  ...toPackageInput(values),
  version: values.version,
});

/** The multipart body: the text fields first and the zip last, as the server reads them in turn. */
export function toPackageFormData(values: PackageFormValues, editing: boolean): FormData {
  const body = new FormData();
  const fields = editing ? toPackageUpdate(values) : toPackageInput(values);
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value ?? ''));
  if (values.file) body.append('file', values.file, values.file.name);
  return body;
}
