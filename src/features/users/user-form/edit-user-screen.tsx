import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { publishedProfileFieldsOptions, userDetailOptions } from '../queries';
import { toUserFormValues } from './form-values';
import { UserFormView } from './user-form';

export function EditUserScreen({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { data: user } = useSuspenseQuery(userDetailOptions(userId));
  const { data: profileFields } = useSuspenseQuery(publishedProfileFieldsOptions());
  // The form starts from the record as loaded; a stale-version conflict resets it explicitly.
  const [initialValues] = useState(() => toUserFormValues(user));
  return (
    <UserFormView
      mode="edit"
      initialValues={initialValues}
      profileFields={profileFields}
      record={user}
      reload={() => queryClient.fetchQuery({ ...userDetailOptions(userId), staleTime: 0 })}
    />
  );
}
