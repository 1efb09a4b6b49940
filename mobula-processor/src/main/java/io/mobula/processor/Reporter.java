package io.mobula.processor;

import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * Attaches every diagnostic to the user's element so the compiler points at their source line, and keeps
 * going after an error so one compilation reports all problems at once.
 */
final class Reporter {
    private final Messager messager;
    private int errors;

    Reporter(Messager messager) {
        this.messager = messager;
    }

    void error(Element element, String message) {
        errors++;
        messager.printMessage(Diagnostic.Kind.ERROR, message, element);
    }

    void warning(Element element, String message) {
        messager.printMessage(Diagnostic.Kind.WARNING, message, element);
    }

    void note(Element element, String message) {
        messager.printMessage(Diagnostic.Kind.NOTE, message, element);
    }

    /** Errors reported so far; an analyser compares counts to tell whether its own checks failed. */
    int errorCount() {
        return errors;
    }
}
