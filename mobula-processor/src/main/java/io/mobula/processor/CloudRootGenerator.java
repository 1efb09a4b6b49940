package io.mobula.processor;

import java.io.IOException;
import java.io.Writer;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;

/**
 * Generates, for every root interface {@code p.X} of the compilation (an interface extending
 * {@code io.mobula.repmi.Root}, thesis 4.2.1): the replication reference {@code p.X_MobulaCloudStub} and the replica
 * dispatch {@code p.X_MobulaCloudSkeleton} with a parameter record per method. Analyse ({@link CloudRootAnalyzer}),
 * emit ({@link CloudStubEmitter}, {@link CloudSkeletonEmitter}), write through the {@link Filer}; the records'
 * serializers come from the serializer generator in the next round. An interface that breaks a cloud rule
 * ({@link CloudDeclarationRules}: also a node, or remote) gets nothing. Nested interfaces are flattened as for RMI.
 */
final class CloudRootGenerator implements Generator {
    private final Filer filer;
    private final Reporter reporter;
    private final CloudRootAnalyzer analyzer;
    private final CloudStubEmitter stubs;
    private final CloudSkeletonEmitter skeletons;
    /** Names written in this compilation: {@code p.A_B} and {@code p.A.B} would both claim one. */
    private final Set<String> written = new HashSet<>();

    CloudRootGenerator(ProcessingEnvironment env, Reporter reporter, Set<String> sourceTypes) {
        this.filer = env.getFiler();
        this.reporter = reporter;
        this.analyzer = new CloudRootAnalyzer(env, reporter, sourceTypes);
        boolean generated = env.getElementUtils().getTypeElement("javax.annotation.processing.Generated") != null;
        this.stubs = new CloudStubEmitter(generated);
        this.skeletons = new CloudSkeletonEmitter(generated);
    }

    /** Root interfaces, and interfaces whose super-interfaces are not resolved yet (they may be). */
    @Override
    public boolean appliesTo(TypeElement type) {
        return type.getKind() == ElementKind.INTERFACE
                && (CloudTypes.isRootInterface(type) || CloudTypes.hasUnresolvedSupertypes(type));
    }

    @Override
    public boolean generate(TypeElement type) {
        if (analyzer.isIncomplete(type)) {
            return false;
        }
        if (!CloudTypes.isRootInterface(type) || CloudTypes.isSubtypeNamed(type, CloudTypes.NODE)
                || CloudTypes.isSubtypeNamed(type, CloudTypes.REMOTE)) {
            return true; // not a root interface, or one CloudDeclarationRules reports
        }
        Optional<CloudRootModel> model = analyzer.analyze(type);
        if (model.isEmpty()) {
            return true;
        }
        CloudRootModel m = model.get();
        List<String> names = List.of(m.qualified(m.stubName()), m.qualified(m.skeletonName()));
        if (names.stream().anyMatch(written::contains)) {
            reporter.error(type, "the generated names " + String.join(", ", names) + " of root interface "
                    + m.sourceName() + " are already taken by another root interface with the same flattened name"
                    + " (p.A_B and p.A.B); rename one of them");
            return true;
        }
        written.addAll(names);
        write(type, names.get(0), stubs.emit(m));
        write(type, names.get(1), skeletons.emit(m));
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
