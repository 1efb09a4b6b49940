package io.mobula.processor;

import javax.lang.model.element.TypeElement;

/**
 * One kind of generated code. {@link MobulaProcessor} offers every type of the compilation to each
 * generator; the serializer generator is one, RMI stub and dispatcher generators are meant to sit beside it.
 */
interface Generator {

    /** Whether this generator has something to say about {@code type} (it may still report and skip). */
    boolean appliesTo(TypeElement type);

    /**
     * Analyses {@code type}, reports problems on its elements and writes generated files.
     *
     * @return false if {@code type} depends on types not resolved yet; it is offered again next round
     */
    boolean generate(TypeElement type);

    /** Called after every type of a round was offered: for generators that need all of them at once. */
    default void roundEnd() {
    }

    /** Called once, in the last round, when no more types will come. */
    default void processingOver() {
    }
}
