export { MessagesPage } from '@/modules/chat/components/MessagesPage';
