import { useState } from 'react';
import { CategoryFormView } from './category-form';
import { emptyCategoryValues } from './form-values';

export function AddCategoryScreen() {
  const [initialValues] = useState(emptyCategoryValues);
  return <CategoryFormView initialValues={initialValues} />;
}
