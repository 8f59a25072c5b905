DROP TABLE message_reactions;
DROP TABLE survey_votes;
DROP TABLE surveys;
DROP TABLE conversation_reads;
DROP INDEX IF EXISTS messages_search_idx;
DROP TABLE messages;
DROP TABLE conversations;
