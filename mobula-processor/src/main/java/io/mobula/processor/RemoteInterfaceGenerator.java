package io.mobula.processor;

import java.io.IOException;
import java.io.Writer;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;

/**
 * Generates {@code p.Iface_MobulaStub} and {@code p.Iface_MobulaDispatcher} for every remote interface of the
 * compilation (rmi-contract.md): analyse ({@link RemoteAnalyzer}), emit ({@link StubEmitter},
 * {@link DispatcherEmitter}), write through the {@link Filer}. Other interfaces are only checked for a
 * misplaced {@code @NonBlocking}.
 */
final class RemoteInterfaceGenerator implements Generator {
    private final Filer filer;
    private final Reporter reporter;
    private final RemoteAnalyzer analyzer;
    private final StubEmitter stubs;
    private final DispatcherEmitter dispatchers;
    /** Names written in this compilation: {@code p.A_B} and {@code p.A.B} would both claim one. */
    private final Set<String> written = new HashSet<>();

    RemoteInterfaceGenerator(ProcessingEnvironment env, Reporter reporter, Set<String> sourceTypes) {
        this.filer = env.getFiler();
        this.reporter = reporter;
        this.analyzer = new RemoteAnalyzer(env, reporter, sourceTypes);
        boolean generated = env.getElementUtils().getTypeElement("javax.annotation.processing.Generated") != null;
        this.stubs = new StubEmitter(generated);
        this.dispatchers = new DispatcherEmitter(generated);
    }

    @Override
    public boolean appliesTo(TypeElement type) {
        return type.getKind().isInterface() && type.getKind() != javax.lang.model.element.ElementKind.ANNOTATION_TYPE;
    }

    @Override
    public boolean generate(TypeElement type) {
        if (!analyzer.isRemoteInterface(type)) {
            analyzer.warnMisplacedAnnotations(type);
            return true;
        }
        if (analyzer.isIncomplete(type)) {
            return false;
        }
        Optional<RemoteModel> model = analyzer.analyze(type);
        if (model.isEmpty()) {
            return true;
        }
        RemoteModel m = model.get();
        String stub = m.qualified(m.stubName());
        String dispatcher = m.qualified(m.dispatcherName());
        if (!written.add(stub) || !written.add(dispatcher)) {
            reporter.warning(type, "Mobula: the generated names " + stub + " / " + dispatcher + " of "
                    + m.sourceName() + " are already taken by another remote interface with the same flattened"
                    + " name, so none are generated for it and exporting an object as it fails at run time"
                    + " (StubNotFoundException); rename one of them");
            return true;
        }
        write(type, stub, stubs.emit(m));
        write(type, dispatcher, dispatchers.emit(m));
        return true;
    }

    private void write(TypeElement origin, String name, String source) {
        try {
            JavaFileObject file = filer.createSourceFile(name, origin);
            try (Writer out = file.openWriter()) {
                out.write(source);
            }
        } catch (IOException e) {
            reporter.error(origin, "Mobula: cannot write " + name + ": " + e.getMessage());
        }
    }
}
