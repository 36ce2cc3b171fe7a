import { PasswordInput, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** Styles-API props differ between TextInput and PasswordInput, so they are left out of the shared props. */
export type TextFieldProps = Omit<TextInputProps, 'type' | 'vars' | 'classNames' | 'styles'> & {
  /** `password` adds a show/hide toggle; `search` adds a search icon. */
  type?: 'text' | 'email' | 'password' | 'search';
};

export function TextField({ type = 'text', ...props }: TextFieldProps) {
  if (type === 'password') return <PasswordField {...props} />;
  if (type === 'search') {
    return <TextInput type="search" leftSection={<IconSearch size={16} aria-hidden />} {...props} />;
  }
  return <TextInput type={type} {...props} />;
}

function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      // Says what it does to what: Mantine's default ('Toggle password visibility') does not say which way.
      visibilityToggleButtonProps={{ 'aria-label': visible ? 'Hide password' : 'Show password' }}
    />
  );
}
