import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { publishedProfileFieldsOptions, userDetailOptions } from '../queries';
import { toUserFormValues } from './form-values';
import { UserFormView } from './user-form';

export function EditUserScreen({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { data: user } = useSuspenseQuery(userDetailOptions(userId));
  const { data: profileFields } = useSuspenseQuery(publishedProfileFieldsOptions());
  // The form starts from the record as loaded; a stale save starts it over from the current one.
  const [initialValues] = useState(() => toUserFormValues(user));
  return (
    <UserFormView
      mode="edit"
      initialValues={initialValues}
      profileFields={profileFields}
      record={user}
      onCurrentRecord={(current) => queryClient.setQueryData(userDetailOptions(userId).queryKey, current)}
    />
  );
}
