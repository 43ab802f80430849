import { ZUserData } from '@portal/contract';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from './zod-rule.ts';

const fields = ZUserData.shape;

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
            <Input autoComplete={hint('given-name')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="lastName"
            label={t('user.lastName')}
            rules={[zodRule(fields.lastName, { name: 'lastName', required: true })]}
          >
            <Input autoComplete={hint('family-name')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="email"
        label={t('user.email')}
        rules={[zodRule(fields.email, { name: 'email', required: true })]}
      >
        <Input type="email" autoComplete={hint('email')} />
      </Form.Item>
      <Form.Item name="phone" label={t('user.phone')} rules={[zodRule(fields.phone, { name: 'phone' })]}>
        <Input type="tel" autoComplete={hint('tel')} />
      </Form.Item>
    </>
  );
}
