package io.mobula.processor;

import io.mobula.processor.GroupModel.Method;

/**
 * Phase two: writes {@code p.X_GroupMethods}, one {@code io.mobula.gmi.GroupMethodId} constant per group method, so
 * configuring a method ({@code Group.findMethod(ref, Bin_GroupMethods.PUT)}) cannot name one that does not exist.
 */
final class GroupMethodsEmitter {
    private final boolean generatedAnnotation;

    /** @param generatedAnnotation whether {@code javax.annotation.processing.Generated} is available */
    GroupMethodsEmitter(boolean generatedAnnotation) {
        this.generatedAnnotation = generatedAnnotation;
    }

    String emit(GroupModel model) {
        SourceWriter w = new SourceWriter();
        RemoteHeader.fileStart(w, model.sourceName(), model.packageName());
        w.javadoc("The methods of {@link " + model.sourceName() + "}, for {@code Group.findMethod(ref, id)}.");
        RemoteHeader.generated(w, generatedAnnotation, "group methods of " + model.binaryName());
        w.open("public final class " + model.methodsName());
        w.open("private " + model.methodsName() + "()");
        w.close();
        for (Method m : model.methods()) {
            w.line("");
            w.javadoc("{@code " + m.description() + "}.");
            w.line("public static final io.mobula.gmi.GroupMethodId " + m.constantName()
                    + " = new io.mobula.gmi.GroupMethodId(" + model.sourceName() + ".class, " + m.index() + ", "
                    + SerializerEmitter.quote(m.description()) + ");");
        }
        w.close();
        return w.toString();
    }
}
