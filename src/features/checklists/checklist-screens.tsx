import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ChecklistFormView } from './checklist-form';
import { emptyChecklistValues, toChecklistFormValues } from './form-values';
import { checklistDetailOptions } from './queries';

export function AddChecklistScreen() {
  const [initialValues] = useState(emptyChecklistValues);
  return <ChecklistFormView initialValues={initialValues} />;
}

/** The checklist's form, then its activities (kept current from the detail query). */
export function EditChecklistScreen({ checklistId }: { checklistId: string }) {
  const queryClient = useQueryClient();
  const { data: checklist } = useSuspenseQuery(checklistDetailOptions(checklistId));
  const [initialValues] = useState(() => toChecklistFormValues(checklist));
  return (
    <ChecklistFormView
      initialValues={initialValues}
      record={checklist}
      onCurrentRecord={(current) =>
        queryClient.setQueryData(checklistDetailOptions(checklistId).queryKey, current)
      }
    />
  );
}
