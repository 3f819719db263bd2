export const Counter = () => <button>0</button>;
