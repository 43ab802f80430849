import { ZLogin, ZUserData } from '@portal/contract';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { lengthCount } from './text-length.ts';
import { zodRule } from './zod-rule.ts';

const fields = ZUserData.shape;

/** API fields LoginField and PersonFields show a server error on, each under its own name. */
export const PERSON_SERVER_FIELDS = {
  login: 'login',
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
} as const;

/** The login a person signs in with, checked by the contract's rule; `own` as for PersonFields. */
export function LoginField({ own }: { own: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="login"
      label={t('user.login')}
      rules={[zodRule(ZLogin, { name: 'login', required: true })]}
    >
      <Input autoComplete={own ? 'username' : 'off'} count={lengthCount(ZLogin)} />
    </Form.Item>
  );
}

/**
 * First and last name, e-mail and phone of a person, checked by the contract's rules. `own`: the
 * person fills in their own details (registration), so the browser may offer what it knows;
 * otherwise (an admin editing someone) it offers nothing.
 */
export function PersonFields({ own }: { own: boolean }) {
  const { t } = useTranslation();
  const hint = (token: string) => (own ? token : 'off');
  return (
    <>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="firstName"
            label={t('user.firstName')}
            rules={[zodRule(fields.firstName, { name: 'firstName', required: true })]}
          >
            <Input autoComplete={hint('given-name')} count={lengthCount(fields.firstName)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="lastName"
            label={t('user.lastName')}
            rules={[zodRule(fields.lastName, { name: 'lastName', required: true })]}
          >
            <Input autoComplete={hint('family-name')} count={lengthCount(fields.lastName)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="email"
        label={t('user.email')}
        rules={[zodRule(fields.email, { name: 'email', required: true })]}
      >
        <Input type="email" autoComplete={hint('email')} count={lengthCount(fields.email)} />
      </Form.Item>
      <Form.Item name="phone" label={t('user.phone')} rules={[zodRule(fields.phone, { name: 'phone' })]}>
        <Input type="tel" autoComplete={hint('tel')} count={lengthCount(fields.phone)} />
      </Form.Item>
    </>
  );
}
