import { Flex, Spin } from 'antd';

/** Shown while the first screen's guard and code load. */
export function StartupFallback() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}
