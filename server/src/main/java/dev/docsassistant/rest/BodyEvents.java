package dev.docsassistant.rest;

import dev.docsassistant.assistant.AssistantEvents;

/**
 * Assistant events encoded into a streamed HTTP response body: events held together leave in one
 * write, and the body knows whether it has been sent from and whether the client has gone.
 */
abstract class BodyEvents implements AssistantEvents {
    protected final StreamOutput out;

    BodyEvents(StreamOutput out) {
        this.out = out;
    }

    @Override
    public void hold() {
        out.hold();
    }

    @Override
    public void release() {
        out.release();
    }

    @Override
    public boolean committed() {
        return out.opened();
    }

    @Override
    public boolean abandoned() {
        return out.gone();
    }
}
