import { useState } from 'react';
import { emptyTeamValues } from './form-values';
import { TeamFormView } from './team-form';

export function AddTeamScreen() {
  const [initialValues] = useState(emptyTeamValues);
  return <TeamFormView initialValues={initialValues} />;
}
