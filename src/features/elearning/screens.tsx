import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { emptyPackageValues, toPackageFormValues } from './form-values';
import { PackageFormView } from './package-form';
import { elearningDetailOptions } from './queries';

export function AddElearningScreen() {
  const [initialValues] = useState(emptyPackageValues);
  return <PackageFormView initialValues={initialValues} />;
}

/** The package's form, what was read from it and its learners (kept current from the detail query). */
export function EditElearningScreen({ packageId }: { packageId: string }) {
  const queryClient = useQueryClient();
  const { data: record } = useSuspenseQuery(elearningDetailOptions(packageId));
  const [initialValues] = useState(() => toPackageFormValues(record));
  return (
    <PackageFormView
      initialValues={initialValues}
      record={record}
      onCurrentRecord={(current) =>
        queryClient.setQueryData(elearningDetailOptions(packageId).queryKey, current)
      }
    />
  );
}
