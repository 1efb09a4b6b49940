package io.mobula.processor;

import java.io.IOException;
import java.io.Writer;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.JavaFileObject;

/**
 * Generates {@code p.Outer_Inner_MobulaSerializer} for every serializable class of the compilation:
 * analyse ({@link SerializerAnalyzer}), emit ({@link SerializerEmitter}), write through the {@link Filer}.
 */
final class SerializerGenerator implements Generator {
    private final Elements elements;
    private final Types types;
    private final Filer filer;
    private final Reporter reporter;
    private final SerializerAnalyzer analyzer;
    private final SerializerEmitter emitter;
    private final Set<String> sourceTypes;
    /** Names written in this compilation: a later type mapping to the same name is a collision. */
    private final Set<String> written = new HashSet<>();

    /**
     * @param sourceTypes qualified names of every type compiled from source so far (shared, growing)
     */
    SerializerGenerator(ProcessingEnvironment env, Reporter reporter, Set<String> sourceTypes) {
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.filer = env.getFiler();
        this.reporter = reporter;
        this.sourceTypes = sourceTypes;
        this.analyzer = new SerializerAnalyzer(env, reporter);
        this.emitter = new SerializerEmitter(elements.getTypeElement("javax.annotation.processing.Generated") != null);
    }

    @Override
    public boolean appliesTo(TypeElement type) {
        return analyzer.isCandidate(type);
    }

    @Override
    public boolean generate(TypeElement type) {
        if (analyzer.isIncomplete(type)) {
            return false;
        }
        Optional<SerializerModel> model = analyzer.analyze(type);
        if (model.isEmpty() || !nameIsFree(model.get().target())) {
            return true;
        }
        String name = model.get().target().serializerQualifiedName();
        try {
            JavaFileObject file = filer.createSourceFile(name, type);
            try (Writer out = file.openWriter()) {
                out.write(emitter.emit(model.get()));
            }
            written.add(name);
        } catch (IOException e) {
            reporter.error(type, "Mobula: cannot write serializer " + name + ": " + e.getMessage());
        }
        return true;
    }

    /**
     * The runtime finds a serializer by name alone, so the name must belong to us: not another generated
     * serializer ({@code p.A_B} and {@code p.A.B} both map to {@code p.A_B_MobulaSerializer}), not a user
     * class. A hand-written serializer for this very class under that name is respected.
     */
    private boolean nameIsFree(SerializerModel.Target target) {
        String name = target.serializerQualifiedName();
        TypeElement type = target.element();
        if (written.contains(name)) {
            reporter.warning(type, "Mobula: the serializer name " + name + " of " + target.sourceName()
                    + " is already taken by the serializer of another class with the same flattened name, so none"
                    + " is generated for it and the slower runtime fallback serializes it; rename one of the"
                    + " classes");
            return false;
        }
        TypeElement existing = elements.getTypeElement(name);
        if (existing == null || !sourceTypes.contains(name)) {
            return true; // absent, or a stale serializer from an earlier build on the class path
        }
        if (serializes(existing, type)) {
            reporter.note(type, "Mobula: using the hand-written serializer " + name + " for " + target.sourceName());
            return false;
        }
        reporter.warning(type, "Mobula: cannot generate the serializer of " + target.sourceName() + ": class " + name
                + " already exists and is not a Serializer<" + type.getSimpleName() + ">, so the slower runtime"
                + " fallback serializes it; rename that class");
        return false;
    }

    private boolean serializes(TypeElement candidate, TypeElement type) {
        for (TypeMirror i : candidate.getInterfaces()) {
            if (i instanceof DeclaredType d
                    && ((TypeElement) d.asElement()).getQualifiedName().contentEquals("io.mobula.serial.Serializer")
                    && d.getTypeArguments().size() == 1
                    && types.isSameType(types.erasure(d.getTypeArguments().get(0)), types.erasure(type.asType()))) {
                return true;
            }
        }
        return false;
    }
}
