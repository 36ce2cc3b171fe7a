import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { publishedProfileFieldsOptions } from '../queries';
import { emptyUserValues } from './form-values';
import { UserFormView } from './user-form';

export function AddUserScreen() {
  const { data: profileFields } = useSuspenseQuery(publishedProfileFieldsOptions());
  const [initialValues] = useState(emptyUserValues);
  return <UserFormView mode="add" initialValues={initialValues} profileFields={profileFields} />;
}
