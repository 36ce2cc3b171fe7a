import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CategoryFormView } from './category-form';
import { toCategoryFormValues } from './form-values';
import { categoryDetailOptions } from './queries';

export function EditCategoryScreen({ categoryId }: { categoryId: string }) {
  const queryClient = useQueryClient();
  const { data: category } = useSuspenseQuery(categoryDetailOptions(categoryId));
  // The form starts from the record as loaded; a stale save starts it over from the current one.
  const [initialValues] = useState(() => toCategoryFormValues(category));
  return (
    <CategoryFormView
      initialValues={initialValues}
      record={category}
      onCurrentRecord={(current) =>
        queryClient.setQueryData(categoryDetailOptions(categoryId).queryKey, current)
      }
    />
  );
}
